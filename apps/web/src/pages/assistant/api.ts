import { useQuery } from '@tanstack/react-query';
import { assistantApi, Code } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useWrite } from '../../components/crud/crud';

// The member's own conversations with XiaoK (every query key starts with the domain, lib/queryDomains.ts).
export const ASSISTANT_ROOT = 'assistant';
export const conversationsKey = [ASSISTANT_ROOT, 'conversations'] as const;

export const useConversations = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: conversationsKey,
    queryFn: ({ signal }) => fetchData(assistantApi.conversations, { pageSize: 50 }, { signal }),
  });

// A page of a conversation's messages: the newest, or those before the message id `before` (older ones).
export const fetchConversation = (id: number, before?: number) =>
  fetchData(assistantApi.messages, before ? { id, before } : { id }, { apiResCode: [Code.NOT_FOUND] });

export const useRemoveConversation = () => useWrite(ASSISTANT_ROOT, assistantApi.remove);
