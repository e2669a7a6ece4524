import { defineMessage } from '@formatjs/intl';
import { issue, type FieldIssue, type IssueValue } from './fieldIssue';
import { fieldWords } from './fieldWords';

/** A text issue at its path as parts (`['userIds', 1]`), for parseWithRules to write as `userIds[1]`. */
export interface TextIssue extends Omit<FieldIssue, 'path'> {
  path: PropertyKey[];
}

const M = {
  /** A field's name where the value given is what is wrong: "the training type", not "a training type". */
  the: defineMessage<{ name: string; noun: string }>({
    id: 'rules.text.field',
    defaultMessage:
      '{name, select, type {the type} typeId {the training type} categoryId {the category} providerId {the provider} userId {the person} departmentId {the department} managerId {the manager} status {the status} outcome {the outcome} nationality {the nationality} currency {the currency} weekday {the day of the week} other {{noun}}}',
  }),
  text: defineMessage<{ field: string; list: 'yes' | 'no'; plural: 'yes' | 'no' }>({
    id: 'rules.text.unstorable',
    defaultMessage:
      '{list, select, yes {One of {field} contains a character that cannot be stored} other {{field} {plural, select, yes {contain} other {contains}} a character that cannot be stored}}',
  }),
  key: defineMessage<{ field: string; top: 'yes' | 'no' }>({
    id: 'rules.text.unstorableName',
    defaultMessage:
      '{top, select, yes {A field name contains a character that cannot be stored} other {A name in {field} contains a character that cannot be stored}}',
  }),
};

// Half of a UTF-16 surrogate pair without its other half: no character at all, which UTF-8 (and
// so PostgreSQL's text) cannot write.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text either store can keep as given: no NUL (PostgreSQL's text cannot hold one), no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** "The training type", not "A training type": the value given is what is wrong. */
function theField(path: readonly PropertyKey[]): IssueValue {
  const { name } = fieldWords(path);
  return { id: M.the.id, values: { name: name.values.name, noun: name } };
}

function textIssue(path: PropertyKey[]): TextIssue {
  const { kind, plural } = fieldWords(path);
  const list = kind === 'list' && typeof path[path.length - 1] === 'number' ? 'yes' : 'no';
  return { ...issue('', M.text, { field: theField(path), list, plural: plural ? 'yes' : 'no' }), path };
}

function keyIssue(parent: PropertyKey[], path: PropertyKey[]): TextIssue {
  const top = parent.length === 0 ? 'yes' : 'no';
  return { ...issue('', M.key, { field: top === 'yes' ? '' : theField(parent), top }), path };
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
        issues.push(textIssue(path));
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
        issues.push(keyIssue(parent, [...parent, shown]));
      }
    }
  }
  return issues;
}
