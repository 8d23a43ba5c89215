import { MemberListScreen } from './EmployeeList';

// accountList (issue 21): the member app's accounts (students and parents), on the employee list's screen and rules.
export default function AccountList() {
  return <MemberListScreen kind="account" />;
}
