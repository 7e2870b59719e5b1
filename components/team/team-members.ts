export type TeamMember = {
  name: string;
  role: string;
  /** Shown in the avatar circle; there are no photos. */
  initials: string;
  /** One paragraph per entry. Master Coaches have several; everyone else has one line. */
  bio: readonly string[];
};

export const MASTER_COACHES: readonly TeamMember[] = [
  {
    name: "Maya Okafor",
    role: "Registered Dietitian · Head Coach",
    initials: "MO",
    bio: [
      "Maya has spent twelve years as a registered dietitian, first on a hospital diabetes ward and later running a private practice for people who had been told to \u201ceat better\u201d without ever being told how. She joined the Glucose Challenge to build the coaching method every cohort now follows.",
      "Her rule for the experiment week is one change at a time: swap the breakfast, keep everything else the same, and let your own sensor tell you whether it mattered. She would rather you keep one habit for a year than try ten for a week.",
      "Outside work she bakes sourdough and cheerfully tracks what it does to her own glucose.",
    ],
  },
  {
    name: "Daniel Reyes",
    role: "Certified Diabetes Care and Education Specialist",
    initials: "DR",
    bio: [
      "Daniel has taught people to read continuous glucose monitor data since the first consumer sensors appeared. Before coaching here he led a diabetes education programme at a community health centre, where many of his patients had prediabetes and had never seen their own numbers.",
      "In your cohort he is the person who explains what a curve actually means: why a spike that comes back down in an hour is normal, why the same meal can look different on a stressful day, and when a reading is worth taking to your doctor.",
      "He reviews every cohort\u2019s end-of-bootcamp reports before they go out, and he answers the questions the AI coach hands over to a human.",
    ],
  },
  {
    name: "Sofie Lindqvist",
    role: "Clinical Exercise Physiologist",
    initials: "SL",
    bio: [
      "Sofie designs the movement side of the programme. She spent eight years in cardiac and metabolic rehabilitation, helping people return to activity after illness, and she knows that most people do not need a gym membership to change their glucose curve.",
      "Her favourite experiment is the ten-minute walk after your largest meal. It is small enough to fit any schedule and, for many participants, it is the first change they can clearly see on the sensor.",
      "In the group calls she helps you turn the week\u2019s discoveries into a routine that survives busy days, bad weather and holidays.",
    ],
  },
];

export const ADVISORY_BOARD: readonly TeamMember[] = [
  {
    name: "Dr. Anand Rao",
    role: "Endocrinologist",
    initials: "AR",
    bio: ["Reviews our coaching content for clinical accuracy and sets the rules for when we send someone to their own doctor."],
  },
  {
    name: "Dr. Hannah Brandt",
    role: "Sleep Researcher",
    initials: "HB",
    bio: ["Studies how short and irregular sleep changes glucose the next day, and shaped the bootcamp\u2019s sleep experiments."],
  },
  {
    name: "Dr. Tomás Álvarez",
    role: "Behavioural Scientist",
    initials: "TÁ",
    bio: ["Researches habit formation and helped design the small daily prompts the Telegram coach bot sends."],
  },
  {
    name: "Dr. Grace Mensah",
    role: "Nutritional Epidemiologist",
    initials: "GM",
    bio: ["Keeps our food guidance grounded in population research, so advice fits many cuisines and budgets."],
  },
];

export const BUILDERS: readonly TeamMember[] = [
  {
    name: "Jonas Meyer",
    role: "Head of Engineering",
    initials: "JM",
    bio: ["Builds the platform and the Telegram coach bot, and cares most about keeping your health data private and secure."],
  },
  {
    name: "Lena Park",
    role: "Head of Product",
    initials: "LP",
    bio: ["Turns what coaches and participants tell us into the next version of the programme, one cohort at a time."],
  },
];
