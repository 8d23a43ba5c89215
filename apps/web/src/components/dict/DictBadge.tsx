import { ColorTag } from './ColorTag';
import { useDictOptions, useDictText } from './useDictOptions';

// A value shown as its dictionary name, coloured by the entry; unknown values show as they are.
export function DictBadge({ type, value }: { type: string; value: string | null | undefined }) {
  const { options } = useDictOptions(type);
  const text = useDictText();
  if (value === null || value === undefined || value === '') return null;
  const option = options.find((o) => o.value === value);
  return <ColorTag color={option?.color}>{option ? text(option) : value}</ColorTag>;
}
