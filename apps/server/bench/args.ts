import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type NumberOptions<N extends string> = Record<N, { type: 'string'; default: string }>;

// A bench's command line: the numeric options (`--name N`, defaults given as numbers) read as numbers, and any other
// options as node:util's parseArgs reads them.
export function benchArgs<N extends string, O extends Options = Record<never, never>>(
  numbers: Record<N, number>,
  others?: O,
) {
  const names = Object.keys(numbers) as N[];
  const numeric = Object.fromEntries(names.map((k) => [k, { type: 'string', default: String(numbers[k]) }]));
  const { values } = parseArgs({ options: { ...(numeric as NumberOptions<N>), ...(others as O) } });
  const read = values as Record<string, unknown>;
  const num = Object.fromEntries(names.map((k) => [k, Number(read[k])])) as Record<N, number>;
  return { num, values };
}
