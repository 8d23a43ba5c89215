import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { HOME_PATH } from '../paths';

// The hidden Redirect route (/redirect/:path): the tab bar's 'reload' passes through it and comes
// straight back, so the screen mounts afresh. The way back is taken for every arrival (the location's key), also
// when two reloads of one tab come so close that the page stays mounted with the same path between them.
export default function RedirectPage() {
  const { path } = useParams();
  const { key } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = path ? decodeURIComponent(path) : HOME_PATH;
    navigate(target.startsWith('/') && !target.startsWith('//') ? target : HOME_PATH, { replace: true });
  }, [path, key, navigate]);
  return null;
}
