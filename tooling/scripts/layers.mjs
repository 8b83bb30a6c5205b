// The layer rule of the suite, in one place: a package may import only the packages listed
// for it here (STYLE.md "Layers"). Nothing points back up.
export const allowedImports = {
  models: [],
  artifacts: ['models'],
  transport: ['models'],
  client: ['models', 'artifacts', 'transport'],
  events: ['models', 'transport', 'client'],
  enroll: ['models', 'transport'],
  cli: ['models', 'artifacts', 'transport', 'client', 'events', 'enroll'],
  daemon: ['models', 'transport', 'client', 'events'],
  action: ['models', 'artifacts', 'transport', 'client', 'events'],
  'fake-server': ['models'],
}
