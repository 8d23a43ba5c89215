import { AntdProviders } from '../components/AntdProviders';
import BasicLayout from './BasicLayout';

// The signed-in frame with antd around it: one lazy chunk, loaded after sign-in (and prefetched while the
// login form is filled in).
export default function Shell() {
  return (
    <AntdProviders>
      <BasicLayout />
    </AntdProviders>
  );
}
