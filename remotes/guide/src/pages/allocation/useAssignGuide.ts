// The manual assignment from the allocation page: the team's own path (hard rules, exclusion
// constraint, audit, allocated status), with the refusal's rule shown to the user.
import { Message } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { WaitingTeam } from '@console/shared';
import { apiErrorMessage } from '@console/shared/api';
import { allocationApi, useAllocationChanged } from './api';

/**
 * Books `guideId` as the team's local guide (the manual path) for `days`: its whole period
 * unless given the days left that the candidates were checked for.
 */
export function useAssignGuide() {
  const intl = useIntl();
  const changed = useAllocationChanged();
  return async (
    team: WaitingTeam,
    guide: { guideId: number; name: string },
    days: { from: string; to: string } = { from: team.startDate, to: team.endDate },
  ) => {
    try {
      await allocationApi.assign(team.id, {
        guideId: guide.guideId,
        role: 'local_guide',
        from: days.from,
        to: days.to,
      });
      Message.success(
        intl.formatMessage({ id: 'allocation.assigned' }, { name: guide.name, code: team.code }),
      );
      changed([team.id]);
      return true;
    } catch (error) {
      // The refusal names the rule the server applied (leave, busy …) in the user's language.
      Message.error({
        content: intl.formatMessage(
          { id: 'allocation.refused' },
          { name: guide.name, reason: apiErrorMessage(error) },
        ),
        duration: 8000,
      });
      return false;
    }
  };
}
