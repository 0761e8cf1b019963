-- An action belongs to exactly one owner: a submission, a risk, a hazardous substance, or now a
-- completed performance review (its agreed actions).
ALTER TABLE "Action" DROP CONSTRAINT "Action_one_owner";
ALTER TABLE "Action" ADD CONSTRAINT "Action_one_owner"
  CHECK (num_nonnulls("submissionId", "riskId", "hazardousSubstanceId", "performanceReviewId") = 1);

-- The dashboard's performance-review items follow the organisation's data version, as the HR
-- forms' do (20261123155027_dashboard_version).
CREATE CONSTRAINT TRIGGER "PerformanceReview_dashboard_version" AFTER INSERT OR UPDATE OR DELETE ON "PerformanceReview"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_touch();
