import { isCountryCode } from '@shared/wire';
import type { Choice } from '@renderer/components/ui';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let made: Choice[] | null = null;

/** Every country a person may hold, by name in the app's language (built once, when first asked). */
export function countryChoices(): readonly Choice[] {
  if (made) return made;
  const names = new Intl.DisplayNames([navigator.language, 'en'], { type: 'region' });
  const codes = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b)).filter(isCountryCode);
  made = codes
    .map((code) => ({ id: code, name: `${names.of(code) ?? code} (${code})` }))
    .sort((x, y) => x.name.localeCompare(y.name));
  return made;
}
