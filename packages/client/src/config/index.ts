export {
  readClientConfig,
  readConfigFile,
  findServerSection,
  defaultConfigFile,
  parseHttpTimeout,
  requiredServerKeys,
  optionalServerKeys,
  type ConfiguredServer,
  type ClientConfigSelection,
  type ClientConfigEnvironment,
} from './client-config.js'
export { ClientConfigError, type ClientConfigErrorInit } from './client-config-error.js'
export { writeServerConfig, type ServerConfigUpdate } from './config-writer.js'
export {
  readConfigForSetup,
  serverSetupFor,
  setupServerChoices,
  saveServerSetup,
  type ServerSetup,
} from './server-setup.js'
export { parseIni, updateIniSection, IniSyntaxError, type IniFile } from './ini.js'
export {
  knownServers,
  presetWorkspace,
  serverFromInput,
  lintApiUrl,
  type KnownServer,
} from './known-servers.js'
