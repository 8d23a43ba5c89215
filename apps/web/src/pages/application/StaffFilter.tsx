import { FilterSelect, type Applies } from '../../components/crud/filters';
import type { Filters } from '../../components/crud/urlState';
import { useStaffOptions } from './api';

// A list filter by one staff member (the teacher, the operator), searchable by name.
export function StaffFilter<F extends Filters>({
  list,
  name,
  placeholder,
  width,
}: Applies<F> & { name: keyof F & string; placeholder: string; width?: number }) {
  const staff = useStaffOptions();
  return (
    <FilterSelect
      list={list}
      name={name}
      search
      width={width}
      placeholder={placeholder}
      loading={staff.isLoading}
      options={staff.data}
    />
  );
}
