import type { ReactNode } from 'react';
import { ApplicationHeader } from './ApplicationHeader';

// A screen about one application (follow-ups, files): its header, then the content once the id is known.
export function ApplicationScreen({
  id,
  title,
  children,
}: {
  id: number | undefined;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <ApplicationHeader id={id} title={title} />
      {id ? children : null}
    </>
  );
}
