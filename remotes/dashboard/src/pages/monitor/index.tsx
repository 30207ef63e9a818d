// The real-time monitor `/dashboard/monitor` (issue #16 part 3; admin only, monitor:view): the
// live load board with a selected spot's panels, the live event stream, the dispatch chat and
// quick operations. One live subscription feeds the stream and the chat; the board and panels
// refresh through the cached reads the same events invalidate.
import { useCallback, useEffect, useState } from 'react';
import { Grid, Space } from '@arco-design/web-react';
import type { StreamedEvent } from '@console/shared';
import { useLiveEvents } from '@console/shared/api';
import { useMonitorBoardQuery } from '../../monitorApi';
import { LoadBoard } from './LoadBoard';
import { SpotPanel } from './SpotPanel';
import { EventStream } from './EventStream';
import { DispatchChat } from './DispatchChat';
import { QuickOperations } from './QuickOperations';
import { useEventFeed } from './useEventFeed';
import { useChat } from './useChat';

export default function MonitorPage() {
  const [selected, setSelected] = useState<number | null>(null);
  const { data: board } = useMonitorBoardQuery();
  const feed = useEventFeed(board);
  const chat = useChat();
  const onFeed = feed.onEvent;
  const onChat = chat.onEvent;
  const live = useLiveEvents(
    useCallback(
      (event: StreamedEvent) => {
        onFeed(event);
        onChat(event);
      },
      [onFeed, onChat],
    ),
  );
  // The fullest spot at first; then the one chosen, however the order moves.
  const first = board?.spots[0]?.id ?? null;
  useEffect(() => {
    if (selected === null && first !== null) setSelected(first);
  }, [selected, first]);
  const spotId = selected ?? first;

  return (
    <Grid.Row gutter={16}>
      <Grid.Col xs={24} xl={16}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <LoadBoard selected={spotId} onSelect={setSelected} live={live} />
          <SpotPanel spotId={spotId} />
        </Space>
      </Grid.Col>
      <Grid.Col xs={24} xl={8}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <EventStream entries={feed.entries} board={board} />
          <DispatchChat chat={chat} />
          <QuickOperations />
        </Space>
      </Grid.Col>
    </Grid.Row>
  );
}
