import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, Json>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: Json;
}

/** A `$ref` within the document followed to what it names (and on, if that is a `$ref` too). */
export function derefIn(doc: OpenApiDoc, value: Json): Json {
  const target = value.$ref;
  if (typeof target !== 'string') return value;
  const found = target
    .slice(2)
    .split('/')
    .reduce<unknown>((at, part) => (at as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  if (!found) throw new Error(`the document's ${target} is not there`);
  return derefIn(doc, found as Json);
}

/** What a test sent and what the service answered, as the checker needs it. */
export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  status: number;
  headers: Headers;
  /** The body as text ('' when none). */
  text: string;
}

/** `/api/leave/{id}` → a pattern; literal paths are tried before ones with parameters. */
function matcherOf(doc: OpenApiDoc) {
  const templates = Object.keys(doc.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return (path: string) => templates.find((t) => t.pattern.test(path))?.template;
}

/**
 * Holds every answer of the service to its OpenAPI document: the status is one its operation lists,
 * the body fits that answer's schema and media type, and each header it describes is there when
 * required and fits when sent. An answer to a path the document does not have must be a 404 problem.
 */
export function openApiChecker(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const templateOf = matcherOf(doc);
  const compiled = new Map<string, ValidateFunction>();

  const deref = (value: Json) => derefIn(doc, value);

  const validator = (key: string, schema: Json): ValidateFunction => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(deref(schema));
      compiled.set(key, validate);
    }
    return validate;
  };

  /** Why the answer does not conform, or null when it does. */
  return (x: Exchange): string | null => {
    const path = x.url.split('?')[0]!;
    const method = x.method.toLowerCase();
    const contentType = (x.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const template = templateOf(path);
    const operation = template ? doc.paths[template]![method] : undefined;
    const where = `${x.method} ${x.url} → ${x.status}`;
    if (!operation) {
      const unknown = x.status === 404 && contentType === 'application/problem+json';
      return unknown ? null : `${where}: the document has no ${x.method} ${path}`;
    }
    const listed = operation.responses[String(x.status)];
    if (!listed) return `${where}: not an answer the document lists for ${method} ${template}`;
    const answer = deref(listed);
    const content = answer.content as Record<string, { schema?: Json }> | undefined;
    if (!content) {
      if (x.text !== '') return `${where}: the document says no body, and one came`;
    } else {
      const media = content[contentType];
      if (!media) return `${where}: ${contentType || 'no content type'}, the document says ${Object.keys(content)}`;
      let body: unknown = x.text;
      if (contentType.endsWith('json')) {
        try {
          body = JSON.parse(x.text);
        } catch {
          return `${where}: the body is not JSON`;
        }
      }
      if (media.schema) {
        const validate = validator(`${method} ${template} ${x.status} ${contentType}`, media.schema);
        if (!validate(body)) return `${where}: the body does not fit: ${ajv.errorsText(validate.errors)}`;
      }
    }
    for (const [name, declared] of Object.entries((answer.headers ?? {}) as Record<string, Json>)) {
      const header = deref(declared);
      const value = x.headers.get(name);
      if (value === null) {
        if (header.required) return `${where}: no ${name} header, which the document requires`;
        continue;
      }
      const schema = header.schema as Json;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const validate = validator(`header ${name} ${JSON.stringify(schema)}`, schema);
      if (!validate(typed)) return `${where}: the ${name} header ${JSON.stringify(value)} does not fit`;
    }
    return null;
  };
}
