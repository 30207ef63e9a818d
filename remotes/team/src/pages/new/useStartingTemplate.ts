// A new team started from an itinerary template (/team/new?template=; issue 29 item 2): the
// template named in the address, and the itinerary rows it lays out for the new team's days
// (visits after the team's last day are left out and counted).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { templateItinerary, type TeamTemplateDetail } from '@console/shared';
import { parseRecordId } from '@console/shared/api';
import { templateApi } from '../templates/api';
import { newRow, type ItineraryRow } from '../components/Itinerary';

export function useStartingTemplate() {
  const [search] = useSearchParams();
  const id = parseRecordId(search.get('template') ?? undefined);
  const [template, setTemplate] = useState<TeamTemplateDetail | null>(null);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    // A failure was shown by the client; the form then starts empty.
    templateApi.get(id).then(
      (t) => live && setTemplate(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);

  /** The template's visits on the team's days, and how many fell after its end. */
  const rowsFor = (startDate: string, endDate: string) => {
    if (!template) return null;
    const items = templateItinerary(template.items, startDate, endDate);
    const rows: ItineraryRow[] = items.map((i) => ({ ...newRow(i.date), ...i }));
    return { rows, dropped: template.items.length - items.length };
  };

  return { template, rowsFor };
}
