import { TaskList } from './TaskList';

// User centre: the signed-in member's tasks.
export default function MyTasks() {
  return <TaskList scope="mine" />;
}
