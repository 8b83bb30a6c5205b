/**
 * @packageDocumentation
 * Debusine completion notifications over the websocket channel.
 */
export {}
