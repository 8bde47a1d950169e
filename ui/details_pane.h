#pragma once
// The right pane: everything known about the selected record, each number with where it came
// from, the ceilings that bound it, its MD-Roofline bound, and what would lift it. The numbers
// and judgements come from core (record_insight.h); this pane only puts them into words.

#include "core/session.h"

#include <QWidget>

#include <optional>

class QTextBrowser;

namespace roofscope::ui {

class DetailsPane : public QWidget {
    Q_OBJECT
  public:
    explicit DetailsPane(QWidget* parent = nullptr);

    // Describes the record (nullopt or a record the session lacks: a hint to select one).
    void showRecord(const Session& session, std::optional<RecordRef> ref);

    // What the pane shows, as plain text (for tests and copying).
    QString text() const;
    QTextBrowser* browser() const { return browser_; }

  private:
    QTextBrowser* browser_ = nullptr;
};

// The pane's HTML for one record; exposed so that tests and exports can use the same words.
QString recordDetailsHtml(const Session& session, RecordRef ref);

} // namespace roofscope::ui
