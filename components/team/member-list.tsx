import { InitialsAvatar } from "./initials-avatar";
import type { TeamMember } from "./team-members";

/** A compact card for people with a one-line bio (advisers and builders). */
export function MemberList({ members, toneOffset = 0 }: { members: readonly TeamMember[]; toneOffset?: number }) {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2">
      {members.map((member, index) => (
        <li key={member.name} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
          <InitialsAvatar initials={member.initials} tone={index + toneOffset} />
          <div>
            <h3 className="font-semibold">{member.name}</h3>
            <p className="text-sm font-medium text-primary">{member.role}</p>
            {member.bio.map((line) => (
              <p key={line} className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {line}
              </p>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
