import type { Plugin } from 'vite';

// Cuts the schema arguments out of `getCall(url, query, response)`, `postCall(url, body, response)` and
// `rawCall(url, query, produces)`, from the first comma after the URL to the call's closing parenthesis.
export function stripSchemaArgs(code: string): string {
  let out = '';
  let from = 0;
  for (const m of code.matchAll(/\b(?:getCall|postCall|rawCall)\(\s*(['"`])/g)) {
    if (m.index < from) continue;
    const quote = m[1]!;
    const urlEnd = code.indexOf(quote, m.index + m[0].length) + 1;
    let depth = 1;
    let i = urlEnd;
    let inString: string | null = null;
    for (; i < code.length && depth > 0; i++) {
      const c = code[i]!;
      if (inString) {
        if (c === '\\') i++;
        else if (c === inString) inString = null;
      } else if (c === "'" || c === '"' || c === '`') inString = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    if (depth !== 0) throw new Error(`stripSchemaArgs: unbalanced call at ${m.index}`);
    out += code.slice(from, urlEnd) + ')';
    from = i;
  }
  return out + code.slice(from);
}

// At run time the web needs only an endpoint's method and URL (call(), fetchData(), blobOf()); its types come from
// the schemas at compile time. So the built web gets the shared endpoint descriptions without their zod schemas, and
// a screen that only calls endpoints loads no schema and no zod (a form that validates with a shared schema imports
// that schema itself).
export function endpointsWithoutSchemas(): Plugin {
  return {
    name: 'study-crm-endpoints-without-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/packages/shared/src/endpoints/')) return null;
      return { code: stripSchemaArgs(code), map: null };
    },
  };
}
