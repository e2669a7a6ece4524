// electron-builder's afterPack: the packaged Electron's fuses flipped before it is signed, so
// what the binary may do is fixed in the binary (not in code an attacker could change).
const { join } = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** Off: running as plain Node, NODE_OPTIONS, --inspect. On: cookies encrypted, the asar checked, the app only from it. */
const FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // No exception for file:// pages beyond what any origin has.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/** The Electron executable electron-builder just laid out for one platform. */
function executableOf(context) {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${name}.app`);
    case 'win32':
      return join(context.appOutDir, `${name}.exe`);
    default:
      return join(context.appOutDir, context.packager.executableName);
  }
}

async function afterPack(context) {
  const mac = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // Flipping fuses breaks an Apple Silicon binary's ad-hoc signature: sign it again, ad hoc.
  await flipFuses(executableOf(context), { ...FUSES, resetAdHocDarwinSignature: mac && context.arch === 3 });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.executableOf = executableOf;
