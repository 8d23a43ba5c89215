import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form } from 'antd';
import { inEnglish } from '../../test/strings';
import { project } from './locale';
import { StaffSelect } from './StaffSelect';

afterEach(cleanup);

// Issue 42: the picker takes the id its form item gives, so the item's label names it (axe's "label" rule found it
// unnamed in the project's member dialog).
describe('project staff picker', () => {
  inEnglish(project);

  it("is named by its form item's label", () => {
    const { getByLabelText } = render(
      <QueryClientProvider client={new QueryClient()}>
        <Form>
          <Form.Item name="staffId" label="Member">
            <StaffSelect testId="pick" />
          </Form.Item>
        </Form>
      </QueryClientProvider>,
    );
    expect(getByLabelText('Member').getAttribute('role')).toBe('combobox');
  });
});
