import "server-only";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { BUTTON_CLASS } from "./render";
import { Body, Button, Column, Container, Head, Heading, Html, Link, Preview, Row, Text } from "@react-email/components";

export const emailColors = {
  background: "#f3f8f7",
  card: "#ffffff",
  text: "#1c2333",
  heading: "#0f5e57",
  muted: "#5b6577",
  primary: "#0f766e",
  border: "#e2e8ec",
} as const;

const paragraphStyle: CSSProperties = { margin: "0 0 12px", fontSize: "16px", lineHeight: "1.6" };

/**
 * The frame every email shares: a light background, one white card with the heading, the body and
 * a small footer line. A plain single column that reads well in every client.
 */
export function EmailLayout({
  preview,
  heading,
  footer,
  children,
}: {
  /** The inbox preview line; hidden in the email itself and left out of the text version. */
  preview: string;
  heading: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <title>{heading}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          margin: "0",
          padding: "32px 16px",
          backgroundColor: emailColors.background,
          fontFamily: "Helvetica, Arial, sans-serif",
          color: emailColors.text,
        }}
      >
        <Container style={{ maxWidth: "560px", backgroundColor: emailColors.card, borderRadius: "12px" }}>
          <Row>
            <Column style={{ padding: "32px" }}>
              <Heading as="h1" style={{ margin: "0 0 16px", fontSize: "22px", color: emailColors.heading }}>
                {heading}
              </Heading>
              {children}
              <Text style={{ margin: "32px 0 0", fontSize: "12px", lineHeight: "1.5", color: emailColors.muted }}>{footer}</Text>
            </Column>
          </Row>
        </Container>
      </Body>
    </Html>
  );
}

/** A body paragraph; `skipInText` leaves it out of the plain-text version. */
export function EmailText({ children, style, skipInText = false }: { children: ReactNode; style?: CSSProperties; skipInText?: boolean }) {
  return (
    <Text style={{ ...paragraphStyle, color: emailColors.text, ...style }} data-skip-in-text={skipInText || undefined}>
      {children}
    </Text>
  );
}

/** Words written by a person, as written: a paragraph at each blank line, each line break kept. */
export function EmailParagraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split("\n").map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ""));
  return paragraphs.map((lines, i) => (
    <EmailText key={i}>
      {lines.map((line, j) => (
        <Fragment key={j}>
          {j > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </EmailText>
  ));
}

/** The one primary call to action of an email. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={{ margin: "24px 0" }}>
      <Button
        href={href}
        className={BUTTON_CLASS}
        style={{
          backgroundColor: emailColors.primary,
          color: "#ffffff",
          padding: "12px 20px",
          borderRadius: "8px",
          fontSize: "16px",
          textDecoration: "none",
          display: "inline-block",
        }}
      >
        {children}
      </Button>
    </Text>
  );
}

/** A link that shows its own address, for readers whose client hides buttons. */
export function EmailRawLink({ href }: { href: string }) {
  return (
    <Link href={href} style={{ color: emailColors.primary, textDecoration: "underline", wordBreak: "break-all" }}>
      {href}
    </Link>
  );
}
