import { toast } from '@renderer/components/ui';

/** Copies text for the user to paste elsewhere, saying in a toast whether it worked. */
export function copyText(text: string, words: { copied: string; failed: string }): void {
  void navigator.clipboard.writeText(text).then(
    () => toast(words.copied),
    () => toast(words.failed),
  );
}
