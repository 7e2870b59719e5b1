import { ageInWords, owedWorkLabel } from "@/lib/operator/health";
import type { OwedWorkKind } from "@/lib/operator/health-schemas";
import { OperatorTable, Td, Th } from "./operator-table";

// Work we owe at a glance (D17, Health): one row per kind, in or out, with what is queued, what
// was given up on and how long the oldest queued item has waited. A card per kind on a phone.

const Count = ({ value, label }: { value: number; label: string }) => (
  <Td label={label} className={value > 0 ? "text-right font-semibold tabular-nums" : "text-right tabular-nums"}>
    {value}
  </Td>
);

export function OwedWorkTable({ kinds }: { kinds: OwedWorkKind[] }) {
  return (
    <OperatorTable caption="Work we owe: queued, failed and the oldest queued, per kind" stacked>
      <thead>
        <tr>
          <Th>Kind</Th>
          <Th className="text-right">Queued</Th>
          <Th className="text-right">Failed</Th>
          <Th className="text-right">Oldest queued</Th>
        </tr>
      </thead>
      <tbody>
        {kinds.map((kind) => (
          <tr key={`${kind.direction}:${kind.channel}`}>
            <Td label="Kind" className="whitespace-nowrap">
              {owedWorkLabel(kind)}
            </Td>
            <Count label="Queued" value={kind.queued} />
            <Count label="Failed" value={kind.failed} />
            <Td label="Oldest queued" className="text-right tabular-nums">
              {kind.oldestQueuedSeconds === null ? "—" : ageInWords(kind.oldestQueuedSeconds)}
            </Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
