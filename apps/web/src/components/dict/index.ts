export { ColorTag } from './ColorTag';
export { DictBadge } from './DictBadge';
export { DictSelect, type DictSelectProps } from './DictSelect';
export {
  dictQuery,
  dictQueryKey,
  dictText,
  fetchDictOptions,
  invalidateDicts,
  useDictOptions,
  useDictText,
} from './useDictOptions';
