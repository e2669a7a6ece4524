import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the platform keeps an application's data, as Electron's `userData` would be. */
export function userDataDir(appName = 'hr-offline'): string {
  const home = homedir();
  switch (process.platform) {
    case 'win32':
      return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), appName);
    case 'darwin':
      return join(home, 'Library', 'Application Support', appName);
    default:
      return join(process.env.XDG_DATA_HOME ?? join(home, '.local', 'share'), appName);
  }
}
