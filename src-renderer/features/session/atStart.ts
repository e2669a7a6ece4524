// What the page shows before anyone is signed in: imported apart from index.ts, whose other parts
// (the account menu, the sign-out dialog) bring the kit's dialogs into the page's first chunk.
export { SignInView } from './SignInView';
