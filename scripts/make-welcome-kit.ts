// Writes public/campaign/magic-partner-welcome-kit.pdf: the MAGIC partner welcome kit (SPEC §9:
// 50+ pages). Plain PDF 1.4 with the standard Helvetica fonts, so it needs no library.
// Run: npx tsx scripts/make-welcome-kit.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { STORY_TOPICS, genericPrompts } from "../lib/campaign/story-wizard";

type Page = { title: string; lines: string[] };

const STEPS: [string, string[]][] = [
  [
    "Sign the pledge",
    [
      "Name a campaign lead in your organization.",
      "Keep this kit where your team can find it.",
      "Add the campaign page to your intranet or newsletter.",
    ],
  ],
  [
    "Announce",
    [
      "Post the announcement template from page 15.",
      "Tell your people why glucose matters to you.",
      "Invite them to take the personal pledge at /magic.",
    ],
  ],
  [
    "Choose your first activity",
    [
      "Lunch-and-learn: 45 minutes, guide on page 17.",
      "Screening day: finger-prick checks with a clinician.",
      "Story week: collect short videos with the story studio.",
    ],
  ],
  [
    "Engage",
    [
      "Run the activity; count pledges and stories.",
      "Use the conversation guides (pages 23 to 26).",
      "Follow up one week later with a short survey.",
    ],
  ],
  [
    "Share impact",
    [
      "Report pledges, stories and events to the campaign team.",
      "Share one story with your community, with consent.",
      "Nominate the next partner you would like to see.",
    ],
  ],
];

const ACTIVITIES = [
  "Lunch-and-learn",
  "Breakfast experiment week",
  "Screening day",
  "Story week",
  "Walk after lunch challenge",
  "Family glucose evening",
  "Myth-busting quiz",
  "CGM show and tell",
  "Sleep and glucose talk",
  "Healthy canteen audit",
];

const ASCII = (s: string) => s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, "-").replace(/&/g, "and");

function pages(): Page[] {
  const list: Page[] = [
    {
      title: "MAGIC Partner Welcome Kit",
      lines: [
        "The Million Glucose Awareness Campaign",
        "",
        "Everything a partner needs to bring glucose awareness",
        "to the people it serves.",
      ],
    },
    {
      title: "Contents",
      lines: [
        "Welcome - 3",
        "The five partner steps - 4",
        "Collecting pledges - 14",
        "Announcement templates - 15",
        "Activity guides - 17",
        "Conversation guides - 23",
        "30-day social calendar - 27",
        "Checklists and reporting - 57",
      ],
    },
    {
      title: "Welcome",
      lines: [
        "One in three adults has prediabetes and most do not know it.",
        "MAGIC exists to change that, one conversation at a time.",
        "Thank you for joining as a partner.",
      ],
    },
  ];
  STEPS.forEach(([title, lines], i) => {
    list.push({ title: `Step ${i + 1}: ${title}`, lines });
    list.push({ title: `Step ${i + 1}: ${title} - notes`, lines: ["Who is responsible:", "", "By when:", "", "What we need:", ""] });
  });
  list.push({
    title: "Collecting pledges",
    lines: [
      "People pledge at /magic with their name and email.",
      "Each pledge gets a real number and a badge:",
      "up to 100 Founding 100, up to 1,000 Pioneer 1K,",
      "up to 10,000 Trailblazer 10K, then Pledge Taker.",
    ],
  });
  list.push({
    title: "Announcement template: email",
    lines: [
      "Subject: We have joined the Million Glucose Awareness Campaign",
      "",
      "Dear colleagues,",
      "we are proud to join MAGIC. Over the next weeks we will...",
      "Take the pledge: /magic",
    ],
  });
  list.push({
    title: "Announcement template: social post",
    lines: ["We just joined the million-strong glucose health campaign!", "#MillionGlucoseVoices #GlucoseAwareness"],
  });
  ACTIVITIES.slice(0, 6).forEach((a) =>
    list.push({
      title: `Activity guide: ${a}`,
      lines: ["Goal:", "Time needed:", "What you need:", "How to run it:", "How to invite people to pledge afterwards:"],
    }),
  );
  STORY_TOPICS.forEach((topic) =>
    list.push({
      title: `Conversation guide: ${ASCII(topic.name)}`,
      lines: [ASCII(topic.description), "", ...topic.prompts.map(ASCII), "", ...genericPrompts(ASCII(topic.name)).slice(0, 2)],
    }),
  );
  for (let day = 1; day <= 30; day++) {
    const activity = ACTIVITIES[(day - 1) % ACTIVITIES.length] ?? "";
    list.push({
      title: `Social calendar - day ${day}`,
      lines: [
        `Theme: ${activity}`,
        "Post idea: share one fact about glucose and one action.",
        "Ask your community to pledge or share a story.",
        "#MillionGlucoseVoices #GlucoseAwareness",
      ],
    });
  }
  list.push({
    title: "Checklist",
    lines: ["[ ] Pledge signed", "[ ] Announcement sent", "[ ] First activity chosen", "[ ] Activity run", "[ ] Impact reported"],
  });
  list.push({
    title: "Reporting your impact",
    lines: ["Send the campaign team: pledges collected, stories shared,", "people reached and one quote we may share."],
  });
  list.push({ title: "Contact", lines: ["partners@glucosechallenge.app", "We answer within 24 hours."] });
  return list;
}

const escape = (s: string) => ASCII(s).replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)");

function pdf(all: Page[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // pages, filled in below
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const kids: number[] = [];
  all.forEach((page, i) => {
    const text = [
      "BT /F1 22 Tf 60 760 Td",
      `(${escape(page.title)}) Tj`,
      "ET",
      "BT /F2 12 Tf 60 720 Td 18 TL",
      ...page.lines.map((line) => `(${escape(line)}) Tj T*`),
      "ET",
      `BT /F2 9 Tf 60 40 Td (MAGIC Partner Welcome Kit - page ${i + 1} of ${all.length}) Tj ET`,
    ].join("\n");
    add(`<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`);
    const content = objects.length;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${content} 0 R >>`,
    );
    kids.push(objects.length);
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Title (MAGIC Partner Welcome Kit) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const file = path.join(import.meta.dirname, "..", "public", "campaign", "magic-partner-welcome-kit.pdf");
const all = pages();
writeFileSync(file, pdf(all));
console.log(`${file}: ${all.length} pages`);
