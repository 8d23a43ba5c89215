import type { TFunction } from 'i18next';

// The kit's per-screen texts and test-id prefix of a system-setup screen (systemSetup.<ns>.*, <ns>-add, <ns>-form).
export const screenStrings = (t: TFunction, ns: 'config' | 'dict' | 'label' | 'tag' | 'cycle' | 'visaStage') => ({
  testId: ns,
  strings: {
    keywordPlaceholder: t(`systemSetup.${ns}.keywordPlaceholder`),
    addTitle: t(`systemSetup.${ns}.addTitle`),
    editTitle: t(`systemSetup.${ns}.editTitle`),
  },
});
