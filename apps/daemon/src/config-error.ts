import { SdkError } from '@debusine-ts/models'

/** The client configuration file cannot be used; the message says what to fix. */
export class ConfigError extends SdkError {
  static override readonly errorName: string = 'ConfigError'

  constructor(message: string) {
    super(message, 'config')
  }
}
