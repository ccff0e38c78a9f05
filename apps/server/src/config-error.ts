/** A bad environment setting: start-up stops with this message, which names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
