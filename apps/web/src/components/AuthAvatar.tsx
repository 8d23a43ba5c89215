import { Avatar, type AvatarProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useAuthImage } from './useAuthImage';

// A member's avatar: an uploaded one is fetched with the session (useAuthImage), a URL is used as it is.
export function AuthAvatar({ src, ...rest }: Omit<AvatarProps, 'src'> & { src: string | null | undefined }) {
  return <Avatar src={useAuthImage(src)} icon={<UserOutlined />} {...rest} />;
}
