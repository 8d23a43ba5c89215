import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Convert = (text: string) => string;
const same: Convert = (text) => text;

// Dictionary, tag and label names are entered in Traditional Chinese; in zh-CN they show in Simplified Chinese.
// The converter (opencc-js, Taiwan → mainland) and its tables load only when zh-CN is in use.
let simplify: Convert | undefined;
let loading: Promise<Convert> | undefined;

export function loadSimplifier(): Promise<Convert> {
  loading ??= import('opencc-js/t2cn').then(({ Converter }) => {
    simplify = Converter({ from: 'tw', to: 'cn' });
    return simplify;
  });
  return loading;
}

// The converter for names shown in the current language: Simplified Chinese for zh-CN, unchanged otherwise
// (unchanged, too, for the moment the converter takes to load; the screen renders again once it is there).
export function useScript(): Convert {
  const { i18n } = useTranslation();
  const wanted = i18n.language === 'zh-CN';
  const [loaded, setLoaded] = useState<Convert | undefined>(() => simplify);
  useEffect(() => {
    if (wanted && !loaded) void loadSimplifier().then((c) => setLoaded(() => c));
  }, [wanted, loaded]);
  return wanted && loaded ? loaded : same;
}
