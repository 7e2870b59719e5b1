"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowRight } from "lucide-react";
import { useEnrolmentDraft } from "@/components/enrolment/draft/use-enrolment-draft";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { withTermsAgreement, type UserInfoDraft } from "@/lib/enrolment/enrolment-draft";
import { paymentPath, type PlanChoice } from "@/lib/enrolment/plan-choice";
import { checkUserInfo, type UserInfoErrors, type UserInfoField } from "@/lib/enrolment/user-info-rules";
import { TERMS_VERSION } from "@/lib/enrolment/terms";
import { SAFETY_QUESTION_IDS, SAFETY_SCREEN_VERSION, answerSafetyQuestion, safetyReasons } from "@/lib/questionnaire/safety-screen";
import { CgmExperienceField } from "./cgm-experience-field";
import { FieldError } from "./field-error";
import { SafetyScreenFields } from "./safety-screen-fields";
import { SeeYourDoctor } from "./see-your-doctor";

const NOTES = [
  {
    name: "dietaryRestrictions",
    label: "Dietary restrictions (optional)",
    hint: "Allergies, intolerances or a diet you follow, such as vegetarian.",
  },
  {
    name: "medicalConditions",
    label: "Medical conditions (optional)",
    hint: "Anything your coach should know, such as diabetes or medication that affects glucose.",
  },
] as const;

const FIELD_ORDER = [...SAFETY_QUESTION_IDS, "cgmExperience", "dietaryRestrictions", "medicalConditions", "agreeToTerms"] as const;
const RADIO_FIELDS: readonly UserInfoField[] = [...SAFETY_QUESTION_IDS, "cgmExperience"];

/**
 * SPEC §3 User-info form, step 1 of enrolment. Every change is kept in the draft (D12). Beyond the
 * spec, the safety screen comes first: a 'yes' shows the see-your-doctor page instead of going on.
 */
export function UserInfoForm({ choice }: { choice: PlanChoice }) {
  const router = useRouter();
  const { draft, update } = useEnrolmentDraft();
  const [errors, setErrors] = useState<UserInfoErrors>({});
  const [seeDoctor, setSeeDoctor] = useState(false);

  if (!draft) return <UserInfoFormSkeleton />;
  const values: UserInfoDraft = draft.userInfo ?? {};

  function change(next: UserInfoDraft, field: UserInfoField) {
    update({ userInfo: next });
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function proceed(info: UserInfoDraft) {
    const check = checkUserInfo(info);
    if (!check.ok) {
      if (check.errors.safetyScreen) {
        setSeeDoctor(true);
        return;
      }
      setErrors(check.errors);
      // SPEC §5: an alert when the terms are not agreed (inline, and as a toast).
      if (check.errors.agreeToTerms) toast.error(check.errors.agreeToTerms, { id: "terms-required" });
      const first = FIELD_ORDER.find((f) => check.errors[f]);
      if (first) document.getElementById(RADIO_FIELDS.includes(first) ? `${first}-yes` : first)?.focus();
      return;
    }
    router.push(paymentPath(choice));
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    proceed(values);
  }

  if (seeDoctor) {
    const screen = values.safetyScreen ?? {};
    const reasons = safetyReasons(screen);
    const answer = (id: (typeof SAFETY_QUESTION_IDS)[number]) => screen[id] ?? "no";
    return (
      <SeeYourDoctor
        reasons={reasons}
        answers={{
          version: SAFETY_SCREEN_VERSION,
          type1DiabetesOrInsulin: answer("type1DiabetesOrInsulin"),
          pregnancy: answer("pregnancy"),
          eatingDisorderHistory: answer("eatingDisorderHistory"),
        }}
        onChangeAnswers={() => {
          setSeeDoctor(false);
          // Back on the form, at the first question answered 'yes'.
          requestAnimationFrame(() => document.getElementById(`${reasons[0]?.id ?? SAFETY_QUESTION_IDS[0]}-yes`)?.focus());
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <SafetyScreenFields
        answers={values.safetyScreen ?? {}}
        errors={errors}
        onAnswer={(id, value) => change({ ...values, safetyScreen: answerSafetyQuestion(values.safetyScreen, id, value) }, id)}
      />
      <CgmExperienceField
        value={values.cgmExperience}
        onChange={(cgmExperience) => change({ ...values, cgmExperience }, "cgmExperience")}
      />
      {NOTES.map((note) => (
        <div key={note.name} className="flex flex-col gap-2">
          <Label htmlFor={note.name}>{note.label}</Label>
          <p id={`${note.name}-hint`} className="text-sm text-muted-foreground">
            {note.hint}
          </p>
          <Textarea
            id={note.name}
            name={note.name}
            rows={3}
            maxLength={1000}
            value={values[note.name] ?? ""}
            aria-invalid={errors[note.name] ? true : undefined}
            aria-describedby={errors[note.name] ? `${note.name}-hint ${note.name}-error` : `${note.name}-hint`}
            onChange={(event) => change({ ...values, [note.name]: event.target.value }, note.name)}
          />
          <FieldError id={`${note.name}-error`} message={errors[note.name]} />
        </div>
      ))}
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id="agreeToTerms"
            checked={values.agreeToTerms === true}
            aria-invalid={errors.agreeToTerms ? true : undefined}
            aria-describedby={errors.agreeToTerms ? "agreeToTerms-error" : undefined}
            onCheckedChange={(checked) => change(withTermsAgreement(values, checked === true, new Date()), "agreeToTerms")}
          />
          <Label htmlFor="agreeToTerms" className="leading-snug">
            I agree to the terms and conditions
          </Label>
        </div>
        <p className="text-sm text-muted-foreground">
          Read the{" "}
          <Link href="/terms" target="_blank" className="font-medium text-primary underline underline-offset-4">
            terms and conditions<span className="sr-only"> (opens in a new tab)</span>
          </Link>{" "}
          (version {TERMS_VERSION}).
        </p>
        <FieldError id="agreeToTerms-error" message={errors.agreeToTerms} />
      </div>
      <Button type="submit" size="lg" className="self-stretch sm:self-end">
        Continue to Choose Cohort <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}

function UserInfoFormSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6 rounded-xl border bg-card p-6 shadow-sm">
      <span className="sr-only">Loading your information</span>
      <Skeleton className="h-16" />
      <Skeleton className="h-24" />
      <Skeleton className="h-24" />
      <Skeleton className="h-8 w-2/3" />
    </div>
  );
}
