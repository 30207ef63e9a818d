// The side menu's collapse control (issue 28): a real button — named, focusable, Enter and
// Space — inside Arco's trigger bar, whose click handler (on the bar) does the collapsing.
import { useIntl } from 'react-intl';
import { IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';

export function MenuCollapseButton({ collapsed }: { collapsed: boolean }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="console-menu-collapse"
      aria-label={intl.formatMessage({ id: collapsed ? 'menu.expand' : 'menu.collapse' })}
      aria-expanded={!collapsed}
      data-testid="menu-collapse"
    >
      {collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
    </button>
  );
}
