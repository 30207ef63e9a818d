// The first stop of the keyboard on every page (issue 28 item 3): straight to the page's
// content, past the navbar, the menu and the tab bar.
import { useIntl } from 'react-intl';

export const MAIN_CONTENT_ID = 'console-main';

export function SkipLink() {
  const intl = useIntl();
  return (
    <a
      className="console-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        // Not through the address: the router owns it, and the hash would stay in it.
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      {intl.formatMessage({ id: 'a11y.skipToContent' })}
    </a>
  );
}
