// MainWindow's Tools > Add Model from the Zoo…: the chosen model bounded on the chosen devices,
// added to the session as one dataset per device.
#include "ui/main_window.h"

#include "ui/view_bar.h"
#include "ui/zoo_dialog.h"

#include <QStatusBar>

namespace roofscope::ui {

void MainWindow::addZooModel() {
    // Window-modal but not blocking, like the error boxes: the event loop (and tests) go on.
    auto* dialog = new ZooDialog(catalog_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        auto built = dialog->build();
        if (!built) {
            showError(tr("Cannot add the model"), QString::fromStdString(built.error().toString()));
            return;
        }
        // The demo gives way to the user's first model, as it does to the first trace; devices
        // measured on this machine are the user's and stay.
        if (replaceable_) {
            std::vector<Device> measured;
            for (const Device& d : session_.devices)
                if (hasMeasuredCeilings(d))
                    measured.push_back(d);
            const ViewSettings view = session_.view;
            session_ = Session{};
            session_.view.view = view.view;
            viewBar_->applyTo(session_.view);
            session_.devices = std::move(measured);
            loaded_.clear();
            sessionPath_.clear();
        }
        replaceable_ = false;
        session_.view.xMin = session_.view.xMax = session_.view.yMin = session_.view.yMax = 0;
        for (auto& device : built.value().devices)
            if (!session_.findDevice(device.id))
                session_.devices.push_back(device);
        for (auto& dataset : built.value().datasets) {
            dataset.context.label = uniqueLabel(dataset.context.label);
            session_.datasets.push_back(std::move(dataset));
        }
        markChanged();
        refresh();
        updateTitle();
        statusBar()->showMessage(tr("Added %n dataset(s) from the model zoo", nullptr,
                                    static_cast<int>(built.value().datasets.size())),
                                 5000);
    });
    dialog->open();
}

} // namespace roofscope::ui
