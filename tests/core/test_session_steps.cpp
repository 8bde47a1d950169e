// A dataset's steps and the record fields that come with them (outside_steps, flops_note) in
// the session document: exact round trips, keys left out when unused, refusals with the pointer.
#include "core/json_fields.h"
#include "tests/support/session_fixture.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

class TestSessionSteps : public QObject {
    Q_OBJECT

  private slots:
    // A trace's steps, a record outside them and the reason for absent FLOPs survive a save;
    // without them the keys stay out, so older readers see what they always saw.
    void stepsAndNotesRoundTrip() {
        Session s = richSession();
        Step step;
        step.name = "ProfilerStep#6";
        step.rank = 1;
        step.launches = 534;
        step.startNs = 1711964646000000000;
        step.gpu = {0.16, 0.158, 0.158, 0.155, 0.0, 0.0035, 0.002};
        Step whole;
        whole.name = "(whole trace)";
        whole.marked = false;
        whole.complete = false;
        s.datasets[0].steps = {step, whole};
        s.datasets[0].records[0].outsideSteps = true;
        s.datasets[0].records[0].flopsNote = "no FLOP estimator for this op";
        const std::string text = serializeSession(s);
        const Json doc = Json::parse(text);
        QCOMPARE(doc["datasets"][0]["steps"][0]["gpu_busy_s"].get<double>(), 0.158);
        QVERIFY(doc["datasets"][0]["records"][0]["outside_steps"].get<bool>());
        QVERIFY(!doc["datasets"][1].contains("steps"));
        QVERIFY(!doc["datasets"][1]["records"][0].contains("outside_steps"));
        QVERIFY(!doc["datasets"][1]["records"][0].contains("flops_note"));
        const auto parsed = parseSession(text, "steps.roofscope");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == s);
        QCOMPARE(parsed.value().datasets[0].iterations(), 1); // one complete step
    }

    // A negative time in a step is refused with its JSON pointer.
    void aNegativeStepTimeIsAnError() {
        Session s = richSession();
        Step step;
        step.name = "ProfilerStep#1";
        s.datasets[0].steps = {step};
        Json doc = Json::parse(serializeSession(s));
        doc["datasets"][0]["steps"][0]["idle_s"] = -1.0;
        const auto parsed = parseSession(doc.dump(), "bad-step.roofscope");
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().where.path, std::string("/datasets/0/steps/0/idle_s"));
    }
};

QTEST_APPLESS_MAIN(TestSessionSteps)
#include "test_session_steps.moc"
