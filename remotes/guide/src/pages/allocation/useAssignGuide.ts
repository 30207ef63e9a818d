// The manual assignment from the allocation page: the team's own path (hard rules, exclusion
// constraint, audit, allocated status), with the refusal's rule shown to the user.
import { Message } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { WaitingTeam } from '@console/shared';
import { apiErrorMessage } from '@console/shared/api';
import { allocationApi, useAllocationChanged } from './api';

/** Books `guideId` as the team's local guide for its whole period (the manual path). */
export function useAssignGuide() {
  const intl = useIntl();
  const changed = useAllocationChanged();
  return async (team: WaitingTeam, guide: { guideId: number; name: string }) => {
    try {
      await allocationApi.assign(team.id, {
        guideId: guide.guideId,
        role: 'local_guide',
        from: team.startDate,
        to: team.endDate,
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
