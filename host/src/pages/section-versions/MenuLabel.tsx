// The page's entry in the user menu, labelled in the current language.
import { messagesFor } from '@console/shared/i18n';
import { selectLocale, useAppSelector } from '@console/shared/store';
import { sectionVersionsMessages } from './locale';

export function SectionVersionsMenuLabel() {
  const locale = useAppSelector(selectLocale);
  return <>{messagesFor(sectionVersionsMessages, locale)['menu.sectionVersions']}</>;
}
