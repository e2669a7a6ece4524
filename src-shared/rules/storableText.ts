import { capitalize, fieldWords } from './fieldWords';

/** A text issue at its path as parts (`['userIds', 1]`), for parseWithRules to write as `userIds[1]`. */
export interface TextIssue {
  path: PropertyKey[];
  message: string;
}

// Half of a UTF-16 surrogate pair without its other half: no character at all, which UTF-8 (and
// so PostgreSQL's text) cannot write.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text either store can keep as given: no NUL (PostgreSQL's text cannot hold one), no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

const CANNOT = 'a character that cannot be stored';

function textSentence(path: readonly PropertyKey[]): string {
  const { noun, kind, plural } = fieldWords(path);
  // "The training type", not "A training type": the value given is what is wrong.
  const the = noun.replace(/^an? /, 'the ');
  if (kind === 'list' && typeof path[path.length - 1] === 'number') return `One of ${the} contains ${CANNOT}`;
  return `${capitalize(the)} ${plural ? 'contain' : 'contains'} ${CANNOT}`;
}

function keySentence(parent: readonly PropertyKey[]): string {
  if (parent.length === 0) return `A field name contains ${CANNOT}`;
  return `A name in ${fieldWords(parent).noun.replace(/^an? /, 'the ')} contains ${CANNOT}`;
}

interface Node {
  value: unknown;
  parent: Node | null;
  key: PropertyKey | null;
}

function pathOf(node: Node): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let n = node; n.parent; n = n.parent) path.push(n.key!);
  return path.reverse();
}

/**
 * Every string, and every object key, in an input that cannot be stored, at its path: the whole
 * input is walked (fields a schema would drop too), so no such text reaches a query. The walk keeps
 * its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function unstorableTextIssues(input: unknown): TextIssue[] {
  const issues: TextIssue[] = [];
  const stack: Node[] = [{ value: input, parent: null, key: null }];
  // The app's own objects could refer back to themselves; a JSON body never does.
  const seen = new WeakSet<object>();
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        const path = pathOf(node);
        issues.push({ path, message: textSentence(path) });
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], parent: node, key: i });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (isStorableText(key)) {
          stack.push({ value: child, parent: node, key });
          continue;
        }
        const parent = pathOf(node);
        // The path names the key with its bad characters replaced: they are not sent back.
        const shown = key.replaceAll('\u0000', '\ufffd').replace(new RegExp(LONE_SURROGATE, 'g'), '\ufffd');
        issues.push({ path: [...parent, shown], message: keySentence(parent) });
      }
    }
  }
  return issues;
}
