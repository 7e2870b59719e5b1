import type { QueueHealth } from "@/lib/operator/health";
import { OperatorTable, Td, Th } from "./operator-table";

// The job engine's queues at a glance (D17, Health): one row per queue the product has.

const Count = ({ value }: { value: number }) => (
  <Td className={value > 0 ? "text-right font-semibold tabular-nums" : "text-right tabular-nums"}>{value}</Td>
);

export function QueueTable({ queues }: { queues: QueueHealth[] }) {
  return (
    <OperatorTable caption="Job queues: jobs waiting, waiting for a retry, running and failed">
      <thead>
        <tr>
          <Th>Queue</Th>
          <Th className="text-right">Waiting</Th>
          <Th className="text-right">Retrying</Th>
          <Th className="text-right">Running</Th>
          <Th className="text-right">Failed</Th>
        </tr>
      </thead>
      <tbody>
        {queues.map((q) => (
          <tr key={q.queue}>
            <Td className="font-mono text-xs">{q.queue}</Td>
            <Count value={q.waiting} />
            <Count value={q.retrying} />
            <Count value={q.running} />
            <Count value={q.failed} />
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
