// `npm run dist`: installers of the desktop app (electron-builder). The renderer, preload and
// main bundles come from `electron-vite build` (out/); native modules are rebuilt for Electron
// by @electron/rebuild as electron-builder packs them; fuses are set in scripts/fuses.cjs.
/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'org.hroffline.desktop',
  productName: 'HR Offline',
  executableName: 'hr-offline',
  copyright: 'Copyright © HR Offline contributors',
  directories: { output: 'dist', buildResources: 'resources' },
  files: ['out/**', 'resources/tray.png', 'package.json', '!**/*.map'],
  asar: true,
  // The SQLite addon is loaded from disk, not from inside the archive.
  asarUnpack: ['**/*.node'],
  npmRebuild: true,
  afterPack: './scripts/fuses.cjs',
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    category: 'Office',
    synopsis: 'Leave, trainings and forms that keep working offline',
    maintainer: 'HR Offline contributors <hr-offline@users.noreply.github.com>',
  },
  deb: { depends: ['libnotify4', 'libsecret-1-0', 'libxss1', 'libnss3'] },
  win: { target: ['nsis'], icon: 'resources/icon.ico' },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    deleteAppDataOnUninstall: false,
  },
  mac: {
    target: ['dmg'],
    icon: 'resources/icon.icns',
    category: 'public.app-category.business',
    hardenedRuntime: true,
  },
  dmg: { title: 'HR Offline' },
};
