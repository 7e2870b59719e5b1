import { pageMetadata } from "@/lib/page-metadata";

// SPEC §2: /test-bird exists but is not shown in navigation, so it stays out of search too.
export const metadata = pageMetadata({
  title: "Test Bird",
  description:
    "An internal test page of the Glucose Challenge website, used by the team to check how pages render. It is not part of the programme and is not linked.",
  path: "/test-bird",
  noindex: true,
});

export default function TestBirdPage() {
  return (
    <section aria-labelledby="test-bird-title" className="mx-auto max-w-3xl px-4 py-20 md:px-6 lg:px-8">
      <h1 id="test-bird-title" className="text-3xl font-bold tracking-tight">
        Test Bird
      </h1>
      <p className="mt-4 text-muted-foreground">
        This is an internal test page of the Glucose Challenge website and is not part of the programme.
      </p>
    </section>
  );
}
