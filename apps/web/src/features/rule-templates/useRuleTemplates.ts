import type {
  TPagedList,
  TRuleApplyInput,
  TRuleApplyResult,
  TRuleCandidateSystem,
  TRuleEventOrigin,
  TRuleSystem,
  TRuleSystemSearchQuery,
  TRuleTemplate,
  TRuleTemplateInput,
  TRuleTemplateSearchQuery,
  TRuleTestInput,
  TRuleTestResult,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { DROPDOWN_PAGE_SIZE, type TOption } from '../../components/select/RemoteSelect';

export type TRuleTemplateSearch = Partial<Record<keyof TRuleTemplateSearchQuery, unknown>>;

/** GET /rule-templates/search: paged, sorted and filtered on the server. */
export function useRuleTemplateSearch(query: TRuleTemplateSearch) {
  return useQuery({
    queryKey: ['rule-templates', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TRuleTemplate>>('rule-templates/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRuleTemplate(id: number | null) {
  return useQuery({
    queryKey: ['rule-templates', id],
    queryFn: ({ signal }) => api.get<TRuleTemplate>(`rule-templates/${id}`, undefined, signal),
    enabled: id !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}

/** GET /rule-templates/{id}/systems: the systems a rule watches and where it stands on each. */
export function useRuleSystems(id: number, query: Partial<Record<keyof TRuleSystemSearchQuery, unknown>>) {
  return useQuery({
    queryKey: ['rule-templates', id, 'systems', query],
    queryFn: ({ signal }) => api.get<TPagedList<TRuleSystem>>(`rule-templates/${id}/systems`, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /rule-templates/{id}/candidate-systems as options: the systems with the rule's IOT parameter it does not watch yet. */
export async function searchRuleCandidateOptions(id: number, text: string): Promise<TOption[]> {
  const page = await api.get<TPagedList<TRuleCandidateSystem>>(`rule-templates/${id}/candidate-systems`, {
    universalSearch: text,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((system) => ({ id: system.id, name: system.name }));
}

/** GET /rule-templates/events/{eventId}: the rule and readings behind an event; null when no rule raised it. */
export function useRuleEventOrigin(eventId: number | null, isEnabled: boolean) {
  return useQuery({
    queryKey: ['rule-templates', 'event-origin', eventId],
    queryFn: ({ signal }) =>
      api.get<{ origin: TRuleEventOrigin | null }>(`rule-templates/events/${eventId}`, undefined, signal),
    enabled: eventId !== null && isEnabled,
  });
}

export const saveRuleTemplate = (id: number | null, input: TRuleTemplateInput) =>
  id === null
    ? api.post<TRuleTemplate>('rule-templates', input)
    : api.put<TRuleTemplate>(`rule-templates/${id}`, input);

export const deleteRuleTemplate = (id: number) => api.delete<{ success: true }>(`rule-templates/${id}`);

export const applyRuleTemplate = (id: number, input: TRuleApplyInput) =>
  api.post<TRuleApplyResult>(`rule-templates/${id}/systems`, input);

export const removeRuleSystem = (id: number, systemId: number) =>
  api.delete<{ success: true }>(`rule-templates/${id}/systems/${systemId}`);

export const testRuleTemplate = (input: TRuleTestInput) => api.post<TRuleTestResult>('rule-templates/test', input);
