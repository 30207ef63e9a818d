// The analyses' date range (issue #16 §4): the last 30 days by default, at most
// ANALYSIS_RANGE_MAX_DAYS (the server refuses longer ones with the same limit).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DatePicker, Space, Typography } from '@arco-design/web-react';
import dayjs from 'dayjs';
import { addDays, ANALYSIS_RANGE_MAX_DAYS, isoToday } from '@console/shared';
import type { AnalysisRange } from '../api';

export function useAnalysisRange() {
  return useState<AnalysisRange>(() => {
    const to = isoToday();
    return { from: addDays(to, -29), to };
  });
}

export function RangeFilter({
  value,
  onChange,
}: {
  value: AnalysisRange;
  onChange: (range: AnalysisRange) => void;
}) {
  const intl = useIntl();
  return (
    <Space>
      <Typography.Text>{intl.formatMessage({ id: 'analysis.range' })}</Typography.Text>
      <DatePicker.RangePicker
        data-testid="analysis-range"
        allowClear={false}
        value={[value.from, value.to]}
        onChange={(dates) => {
          if (!dates || dates.length < 2) return;
          const from = dayjs(dates[0]).format('YYYY-MM-DD');
          let to = dayjs(dates[1]).format('YYYY-MM-DD');
          if (dayjs(to).diff(from, 'day') >= ANALYSIS_RANGE_MAX_DAYS)
            to = addDays(from, ANALYSIS_RANGE_MAX_DAYS - 1);
          onChange({ from, to });
        }}
      />
    </Space>
  );
}
