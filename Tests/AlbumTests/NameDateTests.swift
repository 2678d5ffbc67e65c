// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import PhotoLibrary
import SystemPackage
import Testing

@Suite struct NameDateTests {
    @Test(arguments: [
        ("IMG-20190512-WA0003.jpg", "2019-05-12 00:00:00"),
        ("VID-20200101-WA0017.mp4", "2020-01-01 00:00:00"),
        ("IMG_20190512_143005.jpg", "2019-05-12 14:30:05"),
        ("20190512_143005.jpg", "2019-05-12 14:30:05"),
        ("PXL_20230105_101530123.jpg", "2023-01-05 10:15:30"),
        ("PXL_20230105_101530123.NIGHT.jpg", "2023-01-05 10:15:30"),
        ("Screenshot_20190512-143005.png", "2019-05-12 14:30:05"),
        ("Screenshot_2019-05-12-14-30-05-123_com.whatsapp.png", "2019-05-12 14:30:05"),
        ("signal-2023-01-05-101530.jpg", "2023-01-05 10:15:30"),
        ("signal-2023-01-05-10-15-30-123.jpg", "2023-01-05 10:15:30"),
        ("Screenshot from 2023-01-05 10-15-30.png", "2023-01-05 10:15:30"),
        ("Screenshot 2023-01-05 at 10.15.30.png", "2023-01-05 10:15:30"),
        ("2021-07-04.jpg", "2021-07-04 00:00:00"),
    ])
    func aDateInAPhonesOrAnAppsFileNameIsRead(name: String, taken: String) {
        #expect(NameDate.taken(fromFileName: name) == taken)
    }

    /// A camera's counter, a size, an impossible day: no date.
    @Test(arguments: ["DSC01234.JPG", "IMG_0042.HEIC", "P1000123.JPG", "photo_1920x1080.png", "IMG_20191345_101010.jpg",
                      "scan-1234-56-78.tif", "IMG_120190512_143005.jpg", "19800512_101010.jpg", "_MG_9999.CR2"])
    func namesWithoutADateGiveNone(name: String) {
        #expect(NameDate.taken(fromFileName: name) == nil, "\(name)")
    }

    /// A time that cannot be one leaves the day, at its start.
    @Test func aDayWithAnImpossibleTimeKeepsTheDay() {
        #expect(NameDate.taken(fromFileName: "IMG_20190512_996005.jpg") == "2019-05-12 00:00:00")
    }
}
