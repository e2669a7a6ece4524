import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { BACKEND_EXEC_ARGV, type FromBackend } from '../../src-main/launch/backendProtocol';
import type { BackendChild } from '../../src-main/launch/backendSupervisor';

/**
 * The backend's entry in a Node process of its own, as Electron's utilityProcess runs it in the
 * app: how the tests and the bench start it (from source, through tsx; or, with `built`, the
 * bundle electron-vite built, as the app ships it). `onSpawn` sees each process, so a test can
 * kill one.
 */
export function forkedBackend(
  onSpawn: (child: ChildProcess) => void = () => undefined,
  { built = false }: { built?: boolean } = {},
): () => BackendChild {
  const root = join(__dirname, '..', '..');
  const entry = built ? join(root, 'out', 'main', 'backend.js') : join(root, 'src-main', 'launch', 'backendEntry.ts');
  return () => {
    const child = fork(entry, [], {
      execArgv: [...BACKEND_EXEC_ARGV, ...(built ? [] : ['--import', 'tsx'])],
      stdio: 'ignore',
    });
    onSpawn(child);
    return {
      send: (message) => void (child.connected && child.send(message)),
      onMessage: (listener) => void child.on('message', (m) => listener(m as FromBackend)),
      onExit: (listener) => void child.on('exit', (code) => listener(code)),
      kill: () => void child.kill(),
    };
  };
}
