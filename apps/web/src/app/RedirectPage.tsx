import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { HOME_PATH } from '../paths';

// The hidden Redirect route (/redirect/:path): the tab bar's 'reload' passes through it and comes
// straight back, so the screen mounts afresh.
export default function RedirectPage() {
  const { path } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    const target = path ? decodeURIComponent(path) : HOME_PATH;
    navigate(target.startsWith('/') && !target.startsWith('//') ? target : HOME_PATH, { replace: true });
  }, [path, navigate]);
  return null;
}
