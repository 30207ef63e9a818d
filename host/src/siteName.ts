// The site's name (system config `site.name`, issue 25 defect 9): the browser title, the login
// page, the navbar and the footer show it. While it is the default, the console's own name in
// the reader's language (`app.title`).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { selectSiteName, useAppSelector } from '@console/shared/store';

export function useSiteName(): string {
  const intl = useIntl();
  return useAppSelector(selectSiteName) ?? intl.formatMessage({ id: 'app.title' });
}

/** Keeps the document's title on the site's name. */
export function useDocumentTitle(): void {
  const name = useSiteName();
  useEffect(() => {
    document.title = name;
  }, [name]);
}
