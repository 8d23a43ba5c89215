// Kept apart from the dictionary schemas (zod) so that a screen needing only these names loads no schema.
// Dictionary types the product uses. Other modules read options by these names.
export const DICT_TYPES = {
  applicationStatus: 'application_status',
  paymentStatus: 'payment_status',
  paymentType: 'payment_type',
  transferMethod: 'transfer_method',
  currency: 'currency',
  memberType: 'member_type',
  gender: 'gender',
  languageTestType: 'language_test_type',
  followService: 'follow_service',
  businessType: 'business_type',
  followStatus: 'follow_status',
  fileType: 'file_type',
  templateType: 'template_type',
  smsStatus: 'sms_status',
  // Drive selects of the system-setup screens themselves.
  platform: 'platform',
  tagType: 'tag_type',
  smsTerminal: 'sms_terminal',
} as const;
export type DictType = (typeof DICT_TYPES)[keyof typeof DICT_TYPES];
