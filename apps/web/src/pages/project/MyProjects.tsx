import { ProjectList } from './ProjectList';

// User centre: the projects the signed-in member belongs to.
export default function MyProjects() {
  return <ProjectList scope="mine" />;
}
