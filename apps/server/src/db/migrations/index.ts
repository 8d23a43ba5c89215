import type { Migration } from 'kysely';
import * as core from './20261122_0001_core.js';
import * as messagebox from './20261122_0003_messagebox.js';
import * as systemSetup from './20261122_0005_system_setup.js';
import * as memberSearch from './20261122_0006_member_search.js';
import * as application from './20261122_0007_application.js';
import * as todoSource from './20261122_0008_todo_source.js';
import * as entryVersion from './20261123_0009_entry_version.js';
import * as roleNameEn from './20261123_0010_role_name_en.js';
import * as messaging from './20261123_0012_messaging.js';
import * as twoFactor from './20261123_0013_two_factor.js';
import * as emailAttachments from './20261123_0016_email_attachments.js';
import * as listCounters from './20261123_0014_list_counters.js';
import * as payments from './20261123_0015_payments.js';
import * as notices from './20261123_0019_notices.js';
import * as wallet from './20261123_0022_wallet.js';
import * as feedback from './20261123_0020_feedback.js';
import * as profile from './20261123_0021_profile.js';
import * as sms from './20261123_0017_sms.js';
import * as verificationCodes from './20261123_0018_verification_codes.js';
import * as paymentSummary from './20261123_0023_payment_summary.js';
import * as applicationPaging from './20261123_0023_application_paging.js';
import * as dashboard from './20261123_0024_dashboard.js';
import * as projects from './20261123_0025_projects.js';
import * as tasks from './20261123_0026_tasks.js';
import * as content from './20261123_0027_content.js';
import * as memberListOrder from './20261123_0030_member_list_order.js';
import * as assistant from './20261125_0031_assistant.js';
import * as applicationDayCount from './20261126_0032_application_day_count.js';
import * as paymentDayTotalIndexes from './20261126_0033_payment_day_total_indexes.js';
import * as applicationNameInitial from './20261126_0034_application_name_initial.js';
import * as applicationDayCountWhen from './20261126_0035_application_day_count_when.js';
import * as applicationDayListCount from './20261126_0036_application_day_list_count.js';
import * as followUpDayCount from './20261127_0037_follow_up_day_count.js';
import * as mailRecipients from './20261128_0038_mail_recipients.js';
import * as memberSearchText from './20261128_0039_member_search_text.js';
import * as scaleOut from './20261128_0041_scale_out.js';
import * as auditLog from './20261128_0042_audit_log.js';
import * as searchText from './20261128_0045_search_text.js';
import * as admissionsCycles from './20261128_0048_admissions_cycles.js';
import * as applicationReminders from './20261128_0049_application_reminders.js';
import * as recordTimeline from './20261129_0058_record_timeline.js';
import * as visaStages from './20261129_0060_visa_stages.js';
import * as applicationVisaSteps from './20261129_0061_application_visa_steps.js';
import * as visaStepFiles from './20261129_0062_visa_step_files.js';
import * as privacyExportJobs from './20261129_0063_privacy_export_jobs.js';
import * as searchGrams from './20261129_0066_search_grams.js';
import * as accessVersion from './20261129_0068_access_version.js';
import * as auditListIndexes from './20261129_0069_audit_list_indexes.js';
import * as memberGramKind from './20261129_0070_member_gram_kind.js';
import * as searchTails from './20261130_0071_search_tails.js';
import * as reminderIndexes from './20261130_0072_reminder_indexes.js';
import * as roleMemberCounts from './20261130_0073_role_member_counts.js';
import * as memberOrderIds from './20261201_0074_member_order_ids.js';
import * as fileUploads from './20261202_0075_file_uploads.js';
import * as deliveryMessageCounts from './20261203_0076_delivery_message_counts.js';
import * as emailListIndex from './20261203_0077_email_list_index.js';
import * as outboxStatusIndex from './20261203_0078_outbox_status_index.js';
import * as emailListCount from './20261203_0079_email_list_count.js';
import * as applicationGramDate from './20261205_0080_application_gram_date.js';
import * as applicationGramStatus from './20261206_0081_application_gram_status.js';
import * as targetSchoolNames from './20261206_0082_target_school_names.js';
import * as updateRoom from './20261206_0083_update_room.js';
import * as configVersion from './20261207_0084_config_version.js';
import * as importClaims from './20261207_0085_import_claims.js';
import * as emailRecipientCase from './20261207_0086_email_recipient_case.js';
import * as feedbackMobile from './20261207_0087_feedback_mobile.js';
import * as todoDueEndOfDay from './20261207_0088_todo_due_end_of_day.js';
import * as searchFoldNfkd from './20261207_0089_search_fold_nfkd.js';
import * as applicationContact from './20261207_0090_application_contact.js';
import * as noticeVersion from './20261207_0091_notice_version.js';
import * as casExpiryMonthEnd from './20261207_0092_cas_expiry_month_end.js';
import * as captchaMember from './20261207_0093_captcha_member.js';
import * as targetSchoolDeadlineKey from './20261207_0094_target_school_deadline_key.js';
import * as smsRecipientPhone from './20261208_0095_sms_recipient_phone.js';
import * as unicodeLower from './20261208_0096_unicode_lower.js';
import * as jobs from './20261129_0054_jobs.js';
import * as importRuns from './20261129_0056_import_runs.js';
import * as privacy from './20261129_0050_privacy.js';
import * as erasureGuard from './20261129_0052_erasure_guard.js';
import * as retention from './20261129_0053_retention.js';

// Every migration, in order. A change to the schema is a new file: what a landed one builds never changes (its text
// may be tidied, decision 118; schema-pin.test.ts holds the schema).
export const migrations: Record<string, Migration> = {
  '20261122_0001_core': core,
  '20261122_0003_messagebox': messagebox,
  '20261122_0005_system_setup': systemSetup,
  '20261122_0006_member_search': memberSearch,
  '20261122_0007_application': application,
  '20261122_0008_todo_source': todoSource,
  '20261123_0009_entry_version': entryVersion,
  '20261123_0010_role_name_en': roleNameEn,
  '20261123_0012_messaging': messaging,
  '20261123_0013_two_factor': twoFactor,
  '20261123_0014_list_counters': listCounters,
  '20261123_0015_payments': payments,
  '20261123_0016_email_attachments': emailAttachments,
  '20261123_0017_sms': sms,
  '20261123_0018_verification_codes': verificationCodes,
  '20261123_0019_notices': notices,
  '20261123_0020_feedback': feedback,
  '20261123_0021_profile': profile,
  '20261123_0022_wallet': wallet,
  '20261123_0023_application_paging': applicationPaging,
  '20261123_0023_payment_summary': paymentSummary,
  '20261123_0024_dashboard': dashboard,
  '20261123_0025_projects': projects,
  '20261123_0026_tasks': tasks,
  '20261123_0027_content': content,
  '20261123_0030_member_list_order': memberListOrder,
  '20261125_0031_assistant': assistant,
  '20261126_0032_application_day_count': applicationDayCount,
  '20261126_0033_payment_day_total_indexes': paymentDayTotalIndexes,
  '20261126_0034_application_name_initial': applicationNameInitial,
  '20261126_0035_application_day_count_when': applicationDayCountWhen,
  '20261126_0036_application_day_list_count': applicationDayListCount,
  '20261127_0037_follow_up_day_count': followUpDayCount,
  '20261128_0038_mail_recipients': mailRecipients,
  '20261128_0039_member_search_text': memberSearchText,
  '20261128_0041_scale_out': scaleOut,
  '20261128_0042_audit_log': auditLog,
  '20261128_0045_search_text': searchText,
  '20261128_0048_admissions_cycles': admissionsCycles,
  '20261128_0049_application_reminders': applicationReminders,
  '20261129_0050_privacy': privacy,
  '20261129_0052_erasure_guard': erasureGuard,
  '20261129_0053_retention': retention,
  '20261129_0054_jobs': jobs,
  '20261129_0056_import_runs': importRuns,
  '20261129_0058_record_timeline': recordTimeline,
  '20261129_0060_visa_stages': visaStages,
  '20261129_0061_application_visa_steps': applicationVisaSteps,
  '20261129_0062_visa_step_files': visaStepFiles,
  '20261129_0063_privacy_export_jobs': privacyExportJobs,
  '20261129_0066_search_grams': searchGrams,
  '20261129_0068_access_version': accessVersion,
  '20261129_0069_audit_list_indexes': auditListIndexes,
  '20261129_0070_member_gram_kind': memberGramKind,
  '20261130_0071_search_tails': searchTails,
  '20261130_0072_reminder_indexes': reminderIndexes,
  '20261130_0073_role_member_counts': roleMemberCounts,
  '20261201_0074_member_order_ids': memberOrderIds,
  '20261202_0075_file_uploads': fileUploads,
  '20261203_0076_delivery_message_counts': deliveryMessageCounts,
  '20261203_0077_email_list_index': emailListIndex,
  '20261203_0078_outbox_status_index': outboxStatusIndex,
  '20261203_0079_email_list_count': emailListCount,
  '20261205_0080_application_gram_date': applicationGramDate,
  '20261206_0081_application_gram_status': applicationGramStatus,
  '20261206_0082_target_school_names': targetSchoolNames,
  '20261206_0083_update_room': updateRoom,
  '20261207_0084_config_version': configVersion,
  '20261207_0085_import_claims': importClaims,
  '20261207_0086_email_recipient_case': emailRecipientCase,
  '20261207_0087_feedback_mobile': feedbackMobile,
  '20261207_0088_todo_due_end_of_day': todoDueEndOfDay,
  '20261207_0089_search_fold_nfkd': searchFoldNfkd,
  '20261207_0090_application_contact': applicationContact,
  '20261207_0091_notice_version': noticeVersion,
  '20261207_0092_cas_expiry_month_end': casExpiryMonthEnd,
  '20261207_0093_captcha_member': captchaMember,
  '20261207_0094_target_school_deadline_key': targetSchoolDeadlineKey,
  '20261208_0095_sms_recipient_phone': smsRecipientPhone,
  '20261208_0096_unicode_lower': unicodeLower,
};
